// Puppeteer must never download its own browser: the registry is the only network here.
// Tests and the audit drive Debian's Chromium instead (`apt-get install chromium`).
module.exports = {
  skipDownload: true,
  executablePath: '/usr/bin/chromium',
};
