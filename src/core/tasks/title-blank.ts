/**
 * Prompt-bank titles often leave a blank for the pupil to fill ("那一次，我真____", "我的（  ）").
 * A task must not be published with the blank still in its title, so client and server share this rule.
 */
const BLANK = /[_＿]{2,}|[（(]\s*[)）]|□/;

export function hasUnfilledBlank(title: string): boolean {
  return BLANK.test(title);
}
