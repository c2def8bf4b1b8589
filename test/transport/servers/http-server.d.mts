export declare const SESSION_ID: string;
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
export declare function startHttpServer(): Promise<{
  base: string;
  url: string;
  requests: RecordedRequest[];
  deletes: (string | undefined)[];
  close(): Promise<void>;
}>;
