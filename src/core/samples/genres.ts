/** Genres of the dictionary (reference data), the sample essays' genre tags. */
export const SAMPLE_GENRES = ['narrative', 'argumentative', 'expository', 'practical', 'prose', 'imaginative'] as const;
export type SampleGenre = (typeof SAMPLE_GENRES)[number];
export const isSampleGenre = (g: string): g is SampleGenre => (SAMPLE_GENRES as readonly string[]).includes(g);
