import type { ReactNode } from 'react';
import { NavBar, type NavBarProps } from './NavBar.tsx';
import './components.css';

interface PageFrameProps extends NavBarProps {
  children: ReactNode;
  /** Extra class on the scrolling body. */
  bodyClassName?: string;
}

/** A page: the navigation bar and a scrolling body below it. */
export function PageFrame({ children, bodyClassName, ...nav }: PageFrameProps) {
  return (
    <>
      <NavBar {...nav} />
      <main className={bodyClassName ? `hx-page-body ${bodyClassName}` : 'hx-page-body'}>
        {children}
      </main>
    </>
  );
}
