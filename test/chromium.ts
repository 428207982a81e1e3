// Debian's Chromium (`npx playwright install` downloads a browser, and fails offline), without a sandbox, GPU,
// QUIC or background traffic: what runs on a CI container as root, where the closed network refuses Chromium's
// own connections. Every browser the repository starts (browser tests, the proxy test, the page benchmarks)
// starts with these; each adds its own way of being headless.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
