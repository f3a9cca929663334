"""Source problems: one module per problem family (3SAT and variants, X3C, 3DM, subset sum, Hamiltonicity)."""
