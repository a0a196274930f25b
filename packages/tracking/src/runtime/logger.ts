/** Where "logged only" tracking failures go. */
export interface Logger {
  warn(message: string, detail?: unknown): void;
}

export const consoleLogger: Logger = {
  warn: (message, detail) => {
    if (detail === undefined) console.warn(message);
    else console.warn(message, detail);
  },
};

export const silentLogger: Logger = { warn: () => undefined };
