type StrengthLabel = 'weak' | 'fair' | 'good' | 'strong';

interface PasswordStrength {
  /** 0 to 4: one point each for length ≥ 8, an uppercase letter, a digit, a non-alphanumeric character. */
  score: number;
  label: StrengthLabel;
  /** Red below 2, yellow below 4, green at 4 (spec §5). */
  tone: 'danger' | 'warning' | 'success';
  checks: { length: boolean; uppercase: boolean; digit: boolean; symbol: boolean };
}

export function passwordStrength(password: string): PasswordStrength {
  const checks = {
    length: [...password].length >= 8,
    uppercase: /\p{Lu}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    symbol: /[^\p{L}\p{N}]/u.test(password),
  };
  const score = Object.values(checks).filter(Boolean).length;
  const label: StrengthLabel = score <= 1 ? 'weak' : score === 2 ? 'fair' : score === 3 ? 'good' : 'strong';
  const tone = score < 2 ? 'danger' : score < 4 ? 'warning' : 'success';
  return { score, label, tone, checks };
}
