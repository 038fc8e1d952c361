import SpringModel
import SpringPlatforms
import Testing

@Suite("The registries: one SpringPlatform per platform, one family per parameterization")
struct PlatformRegistryTests {
    @Test("every registered platform is named once; each loop names its own platform; the loops run in report order")
    func platforms() {
        let all = SpringPlatform.all
        #expect(Set(all.map(\.name)).count == all.count)
        #expect(Set(all.map(\.shortName)).count == all.count)
        #expect(
            PlatformLoops.platforms == [
                .swiftUI, .motion, .reactSpring, .rebound, .pop, .androidSpringForce, .jetpackCompose, .flutter,
                .reanimated, .reanimated3, .svelte,
                .animeV3, .animeV4, .animeV42,
            ])
        #expect(all.contains(.coreAnimation) && SpringPlatform.coreAnimation.loop == nil)
        #expect(all.contains(.figma) && SpringPlatform.figma.loop == nil && SpringPlatform.figma.form == nil)
        for platform in PlatformLoops.platforms {
            #expect(platform.loop?.platform == platform, "\(platform)")
            #expect(!platform.loopSummary.isEmpty, "\(platform)")
        }
        let runs = PlatformLoops.all(Spring.bouncy, from: 0, to: 100, initialVelocity: 0, refreshRate: 60)
        #expect(runs.map(\.platform) == PlatformLoops.platforms)
        // Every preset's platform is a registered one.
        for preset in SpringPreset.all {
            #expect(all.contains(preset.platform), "\(preset.name)")
        }
    }

    @Test(
        "every registered family is named once; the kinds are the families with parameters, with a flag per required parameter"
    )
    func families() {
        let registry = SpringParameterizationKind.registry
        let names = registry.map { $0.name }
        #expect(Set(names).count == registry.count)
        let built = registry.filter { !$0.parameters.isEmpty }.map { $0.name }
        #expect(SpringParameterizationKind.all.map(\.name) == built)
        for kind in SpringParameterizationKind.all {
            let flagged = Set(kind.family.flags.map { $0.parameter })
            #expect(flagged.isSubset(of: Set(kind.parameters.map(\.name))), "\(kind)")
            for parameter in kind.parameters where parameter.isRequired {
                #expect(flagged.contains(parameter.name), "\(kind): \(parameter.name) has no flag")
            }
        }
        // convert shows a row for every family but the canonical form, with a unit only for values it shows.
        for family in registry {
            let name = family.name
            let row = family.converted(Spring.bouncy, epsilon: 0.001)
            guard let row else {
                #expect(ObjectIdentifier(family) == ObjectIdentifier(PhysicalFamily.self), "\(name)")
                continue
            }
            let shown: [String]
            switch row {
            case .success(let values): shown = values.map { $0.name }
            case .failure(let error):
                Issue.record("\(name): \(error)")
                continue
            }
            #expect(Set(family.units.keys).isSubset(of: Set(shown)), "\(name)")
        }
    }
}
