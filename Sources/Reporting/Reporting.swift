// Markdown reports and SVG plots from benchmark and verification results.
