/**
 * The page a bounded list shows: the number asked for, kept between 1 and the last page (page 1 when
 * the list is empty), with the rows to skip to reach it. Every paged list of the API answers through
 * this, so a page number past the end shows the last page everywhere alike.
 */
export function pageBounds(
  total: number,
  asked: number,
  size: number,
): { page: number; pages: number; offset: number } {
  const pages = Math.ceil(total / size)
  const page = Math.min(Math.max(1, asked), Math.max(1, pages))
  return { page, pages, offset: (page - 1) * size }
}
