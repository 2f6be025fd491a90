/**
 * Text people type that can end up in an e-mail's headers (a name in a staff notice's subject,
 * an organisation on an invoice e-mail) must hold no control characters: a line break there could
 * start a header of its own (`Bcc: …`), and a tab, NUL or Unicode line separator can do the same
 * in some mail systems or hide text from the reader. Forms refuse them beside the field (the rule
 * below); the subject builder also cleans what it is given (`oneLine`), for text that was stored
 * before the rule or came in another way (an import). Pure and dependency-free, like the forms
 * that use it, so the browser can check the same.
 */

/** C0 controls (TAB, LF and CR among them), DEL, C1 controls, and Unicode's line and paragraph separators. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/gu;
/** The same, less the CR and LF that separate the lines of a multi-line field (an address). */
const CONTROL_BUT_LINE_BREAK = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/u;

/** Whether a one-line field's value is free of control characters. */
export const isOneLine = (value: string): boolean => !CONTROL.test(value);

/** Whether a multi-line field's value holds nothing but ordinary line breaks among its controls. */
export const isPlainLines = (value: string): boolean => !CONTROL_BUT_LINE_BREAK.test(value);

/** The message beside a one-line field that holds a control character, for `Enter your {what} …`. */
export const oneLineMessage = (what: string): string => `Enter ${what} on one line, without tabs or other control characters`;

/** The message beside a multi-line field that holds a control character other than a line break. */
export const plainLinesMessage = (what: string): string => `Enter ${what} without tabs or other control characters (one line per line is fine)`;

/** Text made safe for a header: every run of control characters becomes one space, runs of spaces one, trimmed. */
export const oneLine = (value: string): string => value.replace(CONTROLS, " ").replace(/ {2,}/g, " ").trim();
