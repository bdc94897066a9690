// Secrets the suite hands out (tokens, webhook secrets) and every text Canvass produced
// for it (API answers, process logs). At the end of a file, none of the texts may contain
// any of the secrets (docs/api.md#authentication: never a token or a secret in logs or answers).

export class SecretWatch {
  private readonly secrets = new Set<string>()
  private readonly texts: { label: string; text: string }[] = []
  private recorded = 0

  secret(value: string): string {
    if (value.length >= 12) this.secrets.add(value)
    return value
  }

  record(label: string, text: string): void {
    this.recorded++
    // Scan as we go so memory stays flat over tens of thousands of answers.
    for (const secret of this.secrets) {
      if (text.includes(secret)) this.texts.push({ label, text: text.slice(0, 500) })
    }
  }

  /** Answers and logs scanned so far. */
  get count(): number {
    return this.recorded
  }

  leaks(): string[] {
    return this.texts.map(({ label, text }) => `${label}: ${text}`)
  }
}
