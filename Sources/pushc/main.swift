import PushCompiler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Before anything is opened: a file must not take the number of a closed standard stream.
FileIO.occupyClosedStandardStreams()
Driver.quitOnSIGQUIT()
var streams = ProcessStreams()
exit(Driver.run(argv: CommandLine.unsafeArgv, count: CommandLine.argc, streams: &streams).rawValue)
