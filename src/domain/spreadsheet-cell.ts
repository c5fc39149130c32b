/**
 * A text cell of a file people open in a spreadsheet (CSV or XLSX) never starts what the program
 * would run as a formula: text beginning with '=', '+', '-', '@', a tab or a carriage return gets a
 * leading apostrophe, which spreadsheets read as "this is text" and do not show. A company name, an
 * order note or a product description typed by anyone ends up in these files (CSV injection).
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}
