/** This process's peak resident memory so far, in MB (what a solve or a summary step reports of itself). */
export function ownPeakRssMb(): number {
  // maxRSS is in kilobytes.
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
