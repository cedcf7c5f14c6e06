/** Chromium as the end-to-end tests and the benchmarks start it: the system browser, no background traffic. */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
  ],
};
