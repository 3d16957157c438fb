import type { Page, Request } from '@playwright/test'

/**
 * Hold back the page's next request matching `url`: the server answers it at once (its state of now), the page
 * gets that answer only after `release()`. For races between an older answer and a newer event.
 */
export function holdNextAnswer(page: Page, url: string | RegExp): { answered: Promise<Request>; release: () => void } {
  let release = () => undefined as void
  const released = new Promise<void>((resolve) => (release = resolve))
  const answered = new Promise<Request>((resolve) => {
    void page.route(
      url,
      async (route) => {
        const answer = await route.fetch()
        resolve(route.request())
        await released
        await route.fulfill({ response: answer }).catch(() => undefined) // the page has dropped it
      },
      { times: 1 },
    )
  })
  return { answered, release }
}
