import PushCompiler

/// Runs `pushc` in process on `arguments`, with `input` as standard input.
func runPushc(_ arguments: [String], input: String = "") -> (ExitCode, BufferedStreams) {
  var streams = BufferedStreams(input: Array(input.utf8))
  let code = Driver.run(arguments, streams: &streams)
  return (code, streams)
}
