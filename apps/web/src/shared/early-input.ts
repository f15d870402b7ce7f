/**
 * The text a visitor typed into each field of a server-rendered form page before the app had taken it over (boot.ts
 * hands it to the app then). Once the app has the page, a render of it may set a field back to the app's state
 * before the hand-over, and keys pressed after that reach the app alone: both parts are kept, the one the render
 * erased and the one typed since, so not a character of either is lost. A render is told from the visitor by the
 * moment: the visitor's change is seen as it is made (`beforeinput`, then `input`), a render's is not.
 */
export class EarlyInput<Field extends { readonly value: string }> {
  /** Per field: the text as the visitor last left it. */
  private readonly typed = new Map<Field, string>();
  /** Per field set back by a render: what it erased, and the text it set instead. */
  private readonly erased = new Map<Field, { text: string; setTo: string }>();

  /** The visitor is about to change `field`: whatever changed it since their last change was not them. */
  beforeChange(field: Field): void {
    const last = this.typed.get(field);
    if (last === undefined || field.value === last) return;
    this.erased.set(field, { text: this.textOf(field, last), setTo: field.value });
    this.typed.set(field, field.value);
  }

  /** The visitor changed `field`. */
  changed(field: Field): void {
    this.typed.set(field, field.value);
  }

  /** Each field noted, with the whole text the visitor typed into it, as it is to be handed over now. */
  texts(): Map<Field, string> {
    const texts = new Map<Field, string>();
    for (const field of this.typed.keys()) {
      this.beforeChange(field);
      texts.set(field, this.textOf(field, this.typed.get(field) ?? ''));
    }
    return texts;
  }

  /** `value` as the visitor meant it: after what a render erased, what they typed onto the text it set. */
  private textOf(field: Field, value: string): string {
    const erased = this.erased.get(field);
    if (!erased) return value;
    return erased.text + (value.startsWith(erased.setTo) ? value.slice(erased.setTo.length) : value);
  }
}
