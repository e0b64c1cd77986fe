// Its own file so that pdf-inspect-off-thread.ts can throw it without importing split.ts, which imports it back.
export type BatchInputReason = 'pdfEncrypted' | 'pdfCorrupt' | 'pdfEmpty' | 'tooManyPages' | 'zipCorrupt' | 'zipTooLarge' | 'zipEmpty';

/** The whole upload is unusable; `reason` is a catalogue key suffix (batch.input.<reason>). */
export class BatchInputError extends Error {
  constructor(
    readonly reason: BatchInputReason,
    readonly params: Record<string, number> = {},
  ) {
    super(`batch input: ${reason}`);
  }
}
