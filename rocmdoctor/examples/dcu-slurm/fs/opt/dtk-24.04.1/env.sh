# DTK environment (contents not reproduced)
