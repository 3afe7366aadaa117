import PushCompiler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

var streams = ProcessStreams()
exit(Driver.run(Array(CommandLine.arguments.dropFirst()), streams: &streams).rawValue)
