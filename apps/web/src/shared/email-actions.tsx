import type { ButtonProps } from 'antd';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { env } from '../config/env';
import { supportMailto } from './support-mailto';

export interface EmailLinkProps {
  /** Subject line of the mail draft. */
  subject?: string;
  /** Visible text; the support address when omitted. */
  children?: ReactNode;
}

/** Inline link that opens a mail draft to the support address. */
export function EmailLink({ subject, children }: EmailLinkProps) {
  return <a href={supportMailto(subject)}>{children ?? env.SUPPORT_EMAIL}</a>;
}

export interface EmailButtonProps extends EmailLinkProps {
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  icon?: ReactNode;
}

/** Button-styled link (`<a>`) that opens a mail draft to the support address. */
export function EmailButton({ subject, children, type = 'primary', size = 'large', icon }: EmailButtonProps) {
  return (
    <Button type={type} size={size} icon={icon} href={supportMailto(subject)}>
      {children ?? env.SUPPORT_EMAIL}
    </Button>
  );
}
