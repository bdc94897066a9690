/**
 * Problems of the flow that belong to a rule, a page or an action as a whole rather than to one
 * of its fields (a page no path reaches, a calculation with two operands): said beside it.
 */
export function ProblemsAt({ messages }: { messages: (string | undefined)[] }) {
  const shown = messages.filter((message): message is string => message !== undefined)
  if (shown.length === 0) return null
  return (
    <>
      {shown.map((message) => (
        <p key={message} class="field-error">
          {message}
        </p>
      ))}
    </>
  )
}
