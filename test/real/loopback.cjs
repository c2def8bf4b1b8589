// Preloaded (node --require) into third-party servers that listen on every interface:
// forces each listen() onto 127.0.0.1 so tests never expose a port beyond loopback.
const net = require('node:net');
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || typeof args[0] === 'string') {
    const port = args[0];
    const rest = args.slice(1).filter((a) => typeof a === 'function' || typeof a === 'object');
    return listen.call(this, { port: Number(port), host: '127.0.0.1' }, ...rest.filter((a) => typeof a === 'function'));
  }
  if (args[0] && typeof args[0] === 'object' && !('fd' in args[0]) && !('path' in args[0])) {
    return listen.call(this, { ...args[0], host: '127.0.0.1' }, ...args.slice(1));
  }
  return listen.apply(this, args);
};
