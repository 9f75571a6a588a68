import Glibc

/// A scratch folder laid out as /sys/class/backlight: one device `panel` holding `files`
/// (name → contents). Returns the folder, to pass as `Backlight(name: "panel", root:)` and to
/// remove with `removeTree`.
func makeSysfsBacklight(_ files: KeyValuePairs<String, String>) -> String {
    let root = makeTemporaryFolder()
    mkdir(root + "/panel", 0o755)
    for (name, text) in files { writeFile(root + "/panel/" + name, text) }
    return root
}
