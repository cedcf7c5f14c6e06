// Imported first by the printing process (printing-process.ts), before the PDF library loads, so
// that a stop signal sent to every process of the service (a service manager stopping its whole
// group of processes) cannot end it while it starts: the server acts on the stop, and finishes or
// refuses the document being printed within it (decision 041). The process still ends with its
// channel to the server.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => undefined);
