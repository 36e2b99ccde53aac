// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// What viem's getEnsAddress / getEnsText ask of ENS's Universal Resolver, for a local chain:
// resolveWithGateways(name, data, gateways) finds the resolver by ENS's rules (the nearest registry
// node with a resolver, walking up the labels; a match above the name itself needs ENSIP-10), calls
// it, and turns its OffchainLookup into one of its own in ENSIP-21's batch-gateway form (EIP-3668:
// the sender must be the contract called): the client's batch gateway (viem answers
// `x-batch-gateway:true` itself) asks the resolver's URLs with the resolver as sender, and
// resolveCallback hands the answer to the resolver's callback. ENS's own UR (ensdomains/
// ens-contracts) is not published compiled; this one keeps its interface and errors.
interface IRegistry {
    function resolver(bytes32 node) external view returns (address);
}

contract UniversalResolverStandIn {
    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error UnsupportedResolverProfile(bytes4 selector);
    error ResolverError(bytes errorData);
    error HttpError(uint16 status, string message);

    struct Lookup {
        address sender;
        string[] urls;
        bytes data;
    }

    bytes4 private constant EXTENDED = 0x9061b923;
    IRegistry public immutable registry;

    constructor(IRegistry ensRegistry) {
        registry = ensRegistry;
    }

    function findResolver(bytes memory name) public view returns (address resolver, bytes32 node, uint256 offset) {
        return _find(name, 0);
    }

    function _find(bytes memory name, uint256 at) private view returns (address resolver, bytes32 node, uint256 offset) {
        uint256 length = uint8(name[at]);
        if (length == 0) return (registry.resolver(bytes32(0)), bytes32(0), at);
        (address parentResolver, bytes32 parentNode, uint256 parentOffset) = _find(name, at + length + 1);
        bytes32 label;
        assembly {
            label := keccak256(add(add(name, 33), at), length)
        }
        node = keccak256(abi.encodePacked(parentNode, label));
        address own = registry.resolver(node);
        if (own != address(0)) return (own, node, at);
        return (parentResolver, node, parentOffset);
    }

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata gateways)
        external
        view
        returns (bytes memory, address)
    {
        (address resolver, , uint256 offset) = findResolver(name);
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        bool extended = _supports(resolver, EXTENDED);
        if (offset != 0 && !extended) revert ResolverNotFound(name);
        bytes memory call = extended ? abi.encodeWithSelector(EXTENDED, name, data) : data;
        (bool ok, bytes memory answer) = resolver.staticcall(call);
        if (ok) return (extended ? abi.decode(answer, (bytes)) : answer, resolver);
        if (answer.length >= 4 && bytes4(answer) == OffchainLookup.selector) _forward(resolver, answer, gateways);
        revert ResolverError(answer);
    }

    function _forward(address resolver, bytes memory answer, string[] calldata gateways) private view {
        (address sender, string[] memory urls, bytes memory callData, bytes4 callback, bytes memory extra) =
            abi.decode(_tail(answer), (address, string[], bytes, bytes4, bytes));
        if (sender != resolver) revert ResolverError(answer);
        Lookup[] memory lookups = new Lookup[](1);
        lookups[0] = Lookup(sender, urls, callData);
        revert OffchainLookup(
            address(this),
            gateways,
            abi.encodeWithSignature("query((address,string[],bytes)[])", lookups),
            this.resolveCallback.selector,
            abi.encode(resolver, callback, extra)
        );
    }

    function resolveCallback(bytes calldata response, bytes calldata extraData)
        external
        view
        returns (bytes memory, address)
    {
        (address resolver, bytes4 callback, bytes memory extra) = abi.decode(extraData, (address, bytes4, bytes));
        (bool[] memory failures, bytes[] memory responses) = abi.decode(response, (bool[], bytes[]));
        if (failures[0]) {
            bytes memory failure = responses[0];
            assembly {
                revert(add(failure, 32), mload(failure))
            }
        }
        (bool ok, bytes memory answer) = resolver.staticcall(abi.encodeWithSelector(callback, responses[0], extra));
        if (!ok) revert ResolverError(answer);
        return (abi.decode(answer, (bytes)), resolver);
    }

    function _supports(address target, bytes4 interfaceId) private view returns (bool) {
        (bool ok, bytes memory answer) =
            target.staticcall{gas: 30000}(abi.encodeWithSelector(0x01ffc9a7, interfaceId));
        return ok && answer.length == 32 && abi.decode(answer, (bool));
    }

    function _tail(bytes memory data) private pure returns (bytes memory tail) {
        tail = new bytes(data.length - 4);
        for (uint256 i = 0; i < tail.length; i++) tail[i] = data[i + 4];
    }
}
