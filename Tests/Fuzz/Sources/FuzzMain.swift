import Foundation

#if KIOSK_FUZZ
    /// libFuzzer's driver (libclang_rt.fuzzer_no_main), linked by Tests/Fuzz/run.sh.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
#endif

/// `kiosk-fuzz`: under Tests/Fuzz/run.sh a coverage-guided fuzzer (libFuzzer's options and
/// corpus folders as arguments); in an ordinary build a replayer that runs each file or every
/// file of each folder given once (to reproduce a crash, or to smoke-test the seed corpus), or
/// with `--heap-per-load FOLDER` the heap a config load leaves behind (HeapPerLoad).
@main
struct FuzzMain {
    static func main() {
        #if KIOSK_FUZZ
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                    FuzzOneInput.run(
                        data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                    return 0
                })
        #else
            let arguments = CommandLine.arguments
            if arguments.count == 3, arguments[1] == "--heap-per-load" {
                _ = HeapPerLoad.run(folder: arguments[2])
                return
            }
            var count = 0
            for argument in CommandLine.arguments.dropFirst() {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
                else { continue }
                let paths =
                    isDirectory.boolValue
                    ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? [])
                        .sorted().map { argument + "/" + $0 }
                    : [argument]
                for path in paths {
                    guard let data = FileManager.default.contents(atPath: path) else { continue }
                    FuzzOneInput.run([UInt8](data))
                    count += 1
                }
            }
            print("kiosk-fuzz: replayed \(count) inputs")
        #endif
    }
}
