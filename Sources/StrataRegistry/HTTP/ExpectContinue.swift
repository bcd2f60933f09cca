import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// `Expect: 100-continue` (RFC 9110 §10.1.1), which SwiftPM sends with every publish and curl with
/// any body over 1 MB: the client sends its headers and waits for `100 Continue` before the body,
/// for about a second if none comes. The registry answers it once the headers have passed
/// authentication and the size limits (`RegistryRequestContext.sendContinue()`), or sends its
/// final answer (401, 403, 413) at once, so a refused upload is never sent at all.
///
/// Hummingbird does not answer it; this handler sits between the HTTP codec and Hummingbird,
/// remembers whether the request being read expects it, and writes the interim response when told.
final class ExpectContinueHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The event a request's handler triggers to let the body come.
    struct SendContinue {}

    /// Whether the request being read waits for `100 Continue` that has not been sent.
    private var waiting = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let request) = unwrapInboundIn(data) {
            waiting = request.headerFields[.expect]?.lowercased() == "100-continue"
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // The final answer ends the wait: no interim response may follow it.
        if case .head = unwrapOutboundIn(data) { waiting = false }
        context.write(data, promise: promise)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is SendContinue else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        guard waiting else {
            promise?.succeed()
            return
        }
        waiting = false
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: promise)
    }
}

/// The registry's request context: Hummingbird's, and the connection the request came on, so
/// that a handler can let a waiting client send its body.
struct RegistryRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// Sends `100 Continue` if the client waits for it (`Expect: 100-continue`); nothing otherwise.
    func sendContinue() {
        channel.triggerUserOutboundEvent(ExpectContinueHandler.SendContinue(), promise: nil)
    }
}
