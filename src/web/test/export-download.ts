import { fireEvent, screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { expect, vi } from 'vitest'
import { recordRequests } from './network'
import { stubObjectUrls } from './object-urls'
import { server } from './server'

/**
 * Serves `path` as a small file named `fileName`, opens the page's export menu and picks `item`:
 * answers the query the file was asked for with, once the browser was handed the file to save.
 */
export async function downloadThroughMenu(
  path: string,
  {
    fileName,
    button = 'Dışa aktar',
    item = 'Excel (XLSX)',
  }: { fileName: string; button?: string; item?: string },
): Promise<Record<string, string>> {
  server.use(
    http.get(
      path,
      () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="${fileName}"`,
          },
        }),
    ),
  )
  const requests = recordRequests()
  stubObjectUrls()
  const saved: string[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download)
  })
  fireEvent.click(await screen.findByRole('button', { name: button }))
  fireEvent.click(await screen.findByRole('menuitem', { name: item }))
  await waitFor(() => expect(saved).toEqual([fileName]))
  const asked = requests.find((r) => r.url.pathname === path)!
  return Object.fromEntries(asked.url.searchParams)
}
