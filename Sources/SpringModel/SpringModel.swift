// The spring model: parameterizations, conversions and the closed form.
