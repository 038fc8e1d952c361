extension Sweep {
    /// The sweep with the backends in `doubled` replaced by
    /// ``DoubledWorkBackend`` of themselves, recorded under their own names: a
    /// run that the regression gate must flag (tests and
    /// `--debug-doubled-backend` only).
    public func run(
        probe: BandwidthProbeResult, doubled: Set<String>, progress: (SweepProgress) -> Void = { _ in }
    ) -> [KernelMeasurement] {
        run(probe: probe, progress: progress) { size, name in
            GateBackends.withBackend(named: name, doubled: doubled, operationFactory(size: size))
        }
    }
}
