/** Which modal is on top, so Escape and outside clicks only reach the topmost one. */
const stack: number[] = []
let nextId = 1

export function pushModal(): number {
  const id = nextId++
  stack.push(id)
  return id
}

export function popModal(id: number): void {
  const i = stack.lastIndexOf(id)
  if (i >= 0) stack.splice(i, 1)
}

export function isTopModal(id: number): boolean {
  return stack[stack.length - 1] === id
}

export function openModalCount(): number {
  return stack.length
}
