import Benchmarking
import SpringBenchFiles

extension MachineRecord {
    /// The "Machine" section every report ends with: where, when, with what
    /// build and which backend libraries the numbers were measured.
    public var markdownSection: String {
        var table = MarkdownTable([("Recorded", .left), ("Value", .left)])
        table.append(["CPU", plain(cpuModel)])
        table.append(["Logical cores", "\(logicalCores)"])
        table.append(["Caches", caches.isEmpty ? "unknown" : plain(caches.joined(separator: ", "))])
        table.append([
            "Last-level cache", lastLevelCacheBytes > 0 ? NumberFormatting.bytes(lastLevelCacheBytes) : "unknown",
        ])
        if let sources = cacheSources {
            // Which source the size came from, and any that disagreed (on VMs sysconf reports the host's).
            let read =
                "from the \(sources.chosen)" + (sources.disagreement.map { "; \($0)" } ?? "; every source agrees")
            table.append(["Cache size read", plain(read)])
        }
        if let residency = cacheResidency {
            table.append(["Cache kept (measured)", plain(residency.markdownSummary)])
        }
        table.append(["Memory", memoryBytes > 0 ? NumberFormatting.bytes(memoryBytes) : "unknown"])
        table.append([
            "CPU features", cpuFeatures.isEmpty ? "none recorded" : plain(cpuFeatures.joined(separator: ", ")),
        ])
        table.append(["Operating system", plain(operatingSystem)])
        table.append(["Kernel", plain(kernelRelease)])
        table.append(["Swift", plain(swiftCompiler)])
        table.append(["Build configuration", plain(buildConfiguration)])
        table.append(["Target CPU", plain(targetCPU)])
        table.append(["Host", plain(hostname)])
        table.append(["Date", plain(date)])
        table.append(["Command line", code(commandLine)])
        var text = "## Machine\n\n" + table.text
        if !backends.isEmpty {
            var backendTable = MarkdownTable([
                ("Backend", .left), ("What it is", .left), ("SIMD width", .right), ("Library", .left),
                ("Core", .left), ("Threads", .right), ("Fused axpy", .left),
            ])
            for backend in backends {
                backendTable.append([
                    plain(backend.displayName), plain(backend.summary),
                    backend.simdWidth.map { "\($0)" } ?? "—", backend.library.map(plain) ?? "—",
                    backend.core.map(plain) ?? "—",
                    "\(backend.threads)", backend.fusedAXPY ? "yes (FMA)" : "no",
                ])
            }
            text += "\n" + backendTable.text
        }
        return text
    }
}

extension CacheResidency {
    /// The measured share in words, with the rates it was decided from:
    /// "64 MiB: read at 29.5 GB/s up to 64 MiB, 16.8 at 128 MiB; the memory 13.5 GB/s (4 GiB)".
    public var markdownSummary: String {
        let rates = points.map {
            "\(NumberFormatting.bytes($0.bytes)) \(NumberFormatting.significant($0.gigabytesPerSecond))"
        }
        .joined(separator: ", ")
        guard let residentBytes, let thresholdGigabytesPerSecond else {
            return "no cache step seen (GB/s read by working set: \(rates)); cells are placed by the size reported"
        }
        return "\(NumberFormatting.bytes(residentBytes)): working sets read at ≥ "
            + "\(NumberFormatting.significant(thresholdGigabytesPerSecond)) GB/s up to there "
            + "(GB/s by working set: \(rates)); cells are hot when their operands fit it"
    }
}
