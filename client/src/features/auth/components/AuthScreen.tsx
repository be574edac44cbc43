import { type AuthLinks, type AuthMode } from './AuthForm';
import { AuthPerks } from './AuthPerks';
import { SignInPanel } from './SignInPanel';

interface Props {
  mode?: AuthMode;
  onSuccess?: () => void;
  links?: AuthLinks;
}

/**
 * The sign-in (or sign-up) card beside what an account gives. The card comes first in the
 * page, so focus and screen readers reach the form straight after the navigation; from 1024 px
 * it moves to the right of the panel, and below that the panel follows it.
 */
export function AuthScreen({ mode, onSuccess, links }: Props) {
  return (
    <div className="grid w-full flex-1 items-start gap-8 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_28rem] lg:gap-14 lg:py-20">
      <div className="flex justify-center lg:col-start-2 lg:row-start-1">
        <SignInPanel initialMode={mode} onSuccess={onSuccess} headingLevel={1} links={links} />
      </div>
      <AuthPerks className="lg:col-start-1 lg:row-start-1" />
    </div>
  );
}
