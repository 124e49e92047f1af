/**
 * The one rule for a link a person types (a posting, a meeting room, a livestream): https only,
 * a real host name with a dot, no user name or password in it. Never javascript:, data: or http.
 */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password
    );
  } catch {
    return false;
  }
}
