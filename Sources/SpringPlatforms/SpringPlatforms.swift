// The platforms SpringBench emulates and the catalogue that names them, on
// top of SpringModel's spring math and conversions:
//
// - `SpringPlatform`: one value names a platform everywhere (catalogue, runs,
//   reports, the command line); each is declared in its own file under
//   `Platforms/` and registered once, in `SpringPlatform.all`.
// - `PlatformLoop`: a platform's shown motion (the frames it shows, its
//   clock, its done frame, its parameters), re-expressed from its own code;
//   `PlatformLoops` runs every registered loop, `PlatformComparison` compares
//   them against the exact spring.
// - The catalogue (`Catalogue/`): presets (`SpringPreset`), the parameters
//   (`SpringParameter`) and the families a spring can be given in
//   (`SpringParameterizationFamily`, one file each under `Catalogue/Families/`,
//   registered once in `SpringParameterizationKind.registry`).
//
// Adding a platform: `Platforms/<Name>.swift` with
// `extension SpringPlatform { public static let name = SpringPlatform(…, loop: NameLoop.self) }`
// and its `PlatformLoop`, plus one line in `SpringPlatform.all`.
// Adding a family: `Catalogue/Families/<Name>Family.swift` with its
// `SpringParameterizationFamily` (and its conversion type in SpringModel's
// `Parameterizations/`), plus one line in `SpringParameterizationKind.registry`.
