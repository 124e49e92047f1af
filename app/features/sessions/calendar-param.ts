/**
 * A person's name as an iCalendar parameter value (RFC 5545 §3.2), such as an ATTENDEE's CN.
 *
 * The calendar library puts the value in double quotes, which keeps `;`, `:` and `,` inside it,
 * but it writes a double quote as `\"`: RFC 5545 has no escapes in parameter values, so a reader
 * ends the value at that quote and takes the rest of the name as more parameters (ROLE=CHAIR, a
 * second address). A quoted value may hold anything but a double quote and control characters
 * (QSAFE-CHAR), so those go: a double quote becomes an apostrophe, a control character a space.
 * A backslash goes too: the library doubles it, and readers would show both.
 */
export function calendarParamText(value: string): string {
  return (
    value
      .replaceAll('"', "'")
      .replaceAll("\\", "")
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .replace(/ {2,}/g, " ")
      .trim()
  );
}
