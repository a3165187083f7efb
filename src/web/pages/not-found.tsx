import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-muted px-4">
      <div className="w-full max-w-md rounded-xl border border-border bg-background p-6 shadow-sm">
        <div className="mb-4 flex items-center gap-2">
          <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <p className="mt-6">
          <Link href="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Go to the homepage
          </Link>
        </p>
      </div>
    </main>
  );
}
