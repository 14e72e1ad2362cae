self.window = self; // hack for magic-string and rollup inline sourcemaps
