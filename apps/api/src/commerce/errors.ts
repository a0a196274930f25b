/** An error the commerce API answers with a 4xx, a stable code and a message a shopper can read. */
export class CommerceError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'CommerceError';
  }
}
