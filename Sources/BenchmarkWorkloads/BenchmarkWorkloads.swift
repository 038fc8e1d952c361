// End-to-end workloads: animating N-point vectors with a spring, per frame.
