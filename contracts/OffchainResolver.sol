// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

// The offchain resolver partners point their ENS parent (brand.eth) at: every name under it is
// answered by our CCIP-Read gateway (EIP-3668), and an answer counts only when one of the signers
// signed it for this resolver and it has not expired. Semantics of ENS's reference
// OffchainResolver (ensdomains/offchain-resolver), with two differences that only make it
// stricter: the signed hash names this contract itself rather than the address the caller puts
// in extraData, and a signature must be 65 bytes with a low `s` (no EIP-2098 compact form).
contract OffchainResolver {
    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);

    event NewSigners(address[] signers);
    event SignersRemoved(address[] signers);
    event UrlChanged(string url);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    // secp256k1n / 2: a larger `s` is the malleable twin of a valid signature (EIP-2).
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    string public url;
    mapping(address => bool) public signers;
    address public owner;

    modifier onlyOwner() {
        require(msg.sender == owner, "OffchainResolver: caller is not the owner");
        _;
    }

    constructor(string memory gatewayUrl, address[] memory initialSigners) {
        owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
        url = gatewayUrl;
        emit UrlChanged(gatewayUrl);
        _addSigners(initialSigners);
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        // ERC-165 itself, and ENSIP-10's IExtendedResolver (resolve(bytes,bytes)).
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x9061b923;
    }

    /// ENSIP-10: every query is answered offchain; the client asks the gateway and calls back.
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        bytes memory callData = abi.encodeWithSelector(this.resolve.selector, name, data);
        string[] memory urls = new string[](1);
        urls[0] = url;
        revert OffchainLookup(
            address(this),
            urls,
            callData,
            this.resolveWithProof.selector,
            abi.encode(callData, address(this))
        );
    }

    /// EIP-3668 callback: `response` is the gateway's abi.encode(bytes result, uint64 expires, bytes sig),
    /// `extraData` what resolve() put in the lookup: abi.encode(bytes callData, address resolver).
    function resolveWithProof(bytes calldata response, bytes calldata extraData) external view returns (bytes memory) {
        (bytes memory result, uint64 expires, bytes memory sig) = abi.decode(response, (bytes, uint64, bytes));
        (bytes memory callData, ) = abi.decode(extraData, (bytes, address));
        require(expires >= block.timestamp, "SignatureVerifier: Signature expired");
        address signer = _recover(makeSignatureHash(address(this), expires, callData, result), sig);
        require(signers[signer], "SignatureVerifier: Invalid signature");
        return result;
    }

    /// What the gateway signs (raw, without an EIP-191 personal prefix).
    function makeSignatureHash(
        address target,
        uint64 expires,
        bytes memory request,
        bytes memory result
    ) public pure returns (bytes32) {
        return keccak256(abi.encodePacked(hex"1900", target, expires, keccak256(request), keccak256(result)));
    }

    function setUrl(string calldata gatewayUrl) external onlyOwner {
        url = gatewayUrl;
        emit UrlChanged(gatewayUrl);
    }

    function addSigners(address[] calldata newSigners) external onlyOwner {
        _addSigners(newSigners);
    }

    function removeSigners(address[] calldata oldSigners) external onlyOwner {
        for (uint256 i = 0; i < oldSigners.length; i++) signers[oldSigners[i]] = false;
        emit SignersRemoved(oldSigners);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        require(newOwner != address(0), "OffchainResolver: new owner is the zero address");
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    function _addSigners(address[] memory newSigners) private {
        for (uint256 i = 0; i < newSigners.length; i++) {
            require(newSigners[i] != address(0), "OffchainResolver: zero signer");
            signers[newSigners[i]] = true;
        }
        emit NewSigners(newSigners);
    }

    function _recover(bytes32 hash, bytes memory sig) private pure returns (address) {
        require(sig.length == 65, "SignatureVerifier: Invalid signature length");
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(sig, 32))
            s := mload(add(sig, 64))
            v := byte(0, mload(add(sig, 96)))
        }
        if (v < 27) v += 27;
        require(v == 27 || v == 28, "SignatureVerifier: Invalid signature");
        require(uint256(s) <= HALF_ORDER, "SignatureVerifier: Invalid signature");
        address signer = ecrecover(hash, v, r, s);
        require(signer != address(0), "SignatureVerifier: Invalid signature");
        return signer;
    }
}
