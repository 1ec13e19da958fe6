const DAY = 86_400_000

/** A Grype report made `daysAgo` days before now, with one Critical match (7 days to fix). */
export const grypeScannedAgo = (daysAgo: number, id: string) =>
  JSON.stringify({
    descriptor: { name: 'grype', timestamp: new Date(Date.now() - daysAgo * DAY).toISOString() },
    matches: [
      {
        vulnerability: { id, severity: 'Critical', description: `${id} in log4j`, fix: { versions: ['2.15.0'] } },
        artifact: { name: 'log4j-core', version: '2.14.1', type: 'java-archive' },
      },
    ],
  })
