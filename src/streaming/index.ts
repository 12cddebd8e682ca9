/** The DataStream API (windowed joins of two streams). */
export {};
