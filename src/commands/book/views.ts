/**
 * The book views and the Formatter under them, loaded only when a person or a pipe gets a table:
 * `--json` prints the model as it is, without loading the tables, widths and colours.
 */
export async function bookViews() {
  const [{ Formatter }, views] = await Promise.all([import('../../render/format.js'), import('../../render/views/book.js')]);
  return { Formatter, ...views };
}
