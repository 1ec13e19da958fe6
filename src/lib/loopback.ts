/**
 * Whether a URL names this machine: `localhost`, `[::1]` or an IPv4 address in 127.0.0.0/8. The
 * URL parser writes every IPv4 form (`127.1`, `0x7f.1`) as four decimal parts, so a host name
 * that merely starts with `127.` (`127.evil.example`) is not one.
 */
export function isLoopback(url: URL): boolean {
  return (
    url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(url.hostname)
  )
}
