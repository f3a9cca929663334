"""Edge matching (Edge-matching seed): square tiles (:mod:`.square`, the polynomial algorithms of section 2
in :mod:`.square_algorithms`), the two-player games of section 6 (:mod:`.games`), triangular strips of
section 4 (:mod:`.triangle`, Theorem 4.9's Euler-trail solver in :mod:`.eulerian_trails`) and shapeless
tiles of section 5 (:mod:`.shapeless`). Each module registers its own problem."""
