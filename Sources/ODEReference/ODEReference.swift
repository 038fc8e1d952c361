// Numerical ODE integrators, generic over VectorArithmetic.
