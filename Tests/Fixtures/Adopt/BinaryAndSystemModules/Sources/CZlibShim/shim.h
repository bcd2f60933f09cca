static inline int cz_version(void) { return 1; }
