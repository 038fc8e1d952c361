import CPortableFallbacks

/// Whether the environment asks for the portable fallbacks where Linux has
/// something better (`SPRINGBENCH_PORTABLE_FALLBACKS=1`; Guides/Portability.md).
package var portableFallbacksForced: Bool { springbench_portable_fallbacks_forced() != 0 }
