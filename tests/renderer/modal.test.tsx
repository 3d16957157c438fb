// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Modal } from '../../renderer/common/components/Modal'
import { openModalCount } from '../../renderer/common/hooks/modalStack'
import { scrollLockCount } from '../../renderer/common/hooks/scrollLock'

afterEach(cleanup)

/** A page with a button that opens the shared Modal (issue 41 §2: one dialog mechanism, useModalDialog). */
function Page({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <Modal
        open={open}
        title="账号与安全"
        onClose={() => {
          onClose?.()
          setOpen(false)
        }}
      >
        <input aria-label="邮箱" data-autofocus />
      </Modal>
    </>
  )
}

describe('Modal (the modal <dialog> of both apps)', () => {
  it('is a dialog named by its title, open as a modal, with focus inside on the marked field', () => {
    render(<Page />)
    const opener = screen.getByRole('button', { name: '打开' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = document.querySelector('dialog')!
    expect(dialog.open).toBe(true)
    expect(dialog.getAttribute('aria-labelledby')).toBe(screen.getByText('账号与安全').id)
    expect(document.activeElement).toBe(screen.getByLabelText('邮箱'))
    expect(openModalCount()).toBe(1)
    expect(scrollLockCount()).toBe(1)
  })

  it('Escape (the dialog cancel event) asks the owner to close; focus returns to the opener', () => {
    const onClose = vi.fn()
    render(<Page onClose={onClose} />)
    const opener = screen.getByRole('button', { name: '打开' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = document.querySelector('dialog')!
    const cancel = new Event('cancel', { cancelable: true })
    act(() => {
      dialog.dispatchEvent(cancel)
    })
    // the browser's own close is prevented: React decides what is open
    expect(cancel.defaultPrevented).toBe(true)
    expect(onClose).toHaveBeenCalledOnce()
    expect(document.querySelector('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    expect(openModalCount()).toBe(0)
    expect(scrollLockCount()).toBe(0)
  })
})
