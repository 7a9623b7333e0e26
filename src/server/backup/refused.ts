/** A backup or restore that was not started because of what was asked; nothing was changed. */
export class RefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedError';
  }
}
